import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, smallint, text, uuid, varchar } from 'drizzle-orm/pg-core';
import { tz } from '../../db/columns';

/** Every exchange with the customs system (spec 01 §3 customs request log row). */
export const customsRequestLog = pgTable(
  'customs_request_log',
  {
    RequestId: uuid('request_id').primaryKey().defaultRandom(),
    RequestTime: tz('request_time').notNull().defaultNow(),
    SenderBy: varchar('sender_by', { length: 50 }).notNull(),
    RequestType: varchar('request_type', { length: 10 }).notNull(),
    /** Voyage of a 363 message; its terminal scopes who may read the row. */
    VoyageKey: varchar('voyage_key', { length: 30 }),
    TerminalCode: varchar('terminal_code', { length: 10 }),
    DeclareNos: text('declare_nos').array().notNull().default(sql`'{}'::text[]`),
    ContainerNos: text('container_nos').array().notNull().default(sql`'{}'::text[]`),
    RawRequest: text('raw_request').notNull(),
    RawResponse: text('raw_response').notNull(),
  },
  (t) => [index('customs_request_log_time_idx').on(t.RequestTime)],
);

/** Queued 367 messages of the single release scan and their results (spec 01 §4 single scan). */
export const customsMessages = pgTable(
  'customs_messages',
  {
    MsgGroupId: uuid('msg_group_id').primaryKey().defaultRandom(),
    DeclareNo: varchar('declare_no', { length: 20 }).notNull(),
    Office: varchar('office', { length: 10 }).notNull(),
    SenderBy: varchar('sender_by', { length: 50 }).notNull(),
    SentTime: tz('sent_time').notNull().defaultNow(),
    GatewayMsgId: varchar('gateway_msg_id', { length: 64 }),
    /** queued | done | failed */
    State: varchar('state', { length: 10 }).notNull().default('queued'),
    FailureCode: varchar('failure_code', { length: 40 }),
    ResponseFunc: smallint('response_func'),
    Result: jsonb('result'),
    FinishedTime: tz('finished_time'),
  },
  (t) => [index('customs_messages_decl_idx').on(t.DeclareNo, t.Office, t.SentTime)],
);
