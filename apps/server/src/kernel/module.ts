import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { RunConfig } from '../config';
import type { Database } from '../db/client';
import type { DomainEventBus } from '../events/event-bus';
import type { GridService } from '../grid/grid.service';
import type { ModuleHandlers, ModuleKey, RegistryDeps } from '../http/call-registry';
import type { Job } from '../jobs/scheduler';
import type { AuditRecorder } from '../modules/audit/audit-recorder.service';
import type { LiveEvents } from '../realtime/realtime';
import type { OrderLinks } from '../security/order-links';
import type { OutboundPolicy } from '../security/outbound-policy';
import type { Signer } from '../security/token';
import type { SettingsFormService } from '../settings-form/settings-form.service';

/**
 * What every module is given (app.ts builds it once): the database, the configuration, the logger, the domain event
 * bus, live events, and the grid and settings-form mechanisms. Services of other modules come as the module's own
 * second argument, typed, from modules of lower tiers only.
 */
export interface ModuleContext {
  /** For what a module adds to the server beyond its calls (an onListen hook); routes go through `Module.routes`. */
  app: FastifyInstance;
  database: Database;
  config: RunConfig;
  log: FastifyBaseLogger;
  events: DomainEventBus;
  live: LiveEvents;
  grid: GridService;
  settingsForms: SettingsFormService;
  /** Records a change in the audit trail (who and from where come from the call being answered). */
  audit: AuditRecorder;
  signer: Signer;
  orderLinks: OrderLinks;
  /** The one outbound policy for administrator-typed addresses (mail servers, TOS connections, the file-transfer API). */
  outbound: OutboundPolicy;
  /** Where uploads are kept (a folder per store under it). */
  uploadRoot: string;
}

/** A module's part of the call table: whole keys or some calls of a key (several modules may answer one key). */
export type HandlerParts = { [M in ModuleKey]?: Partial<ModuleHandlers<M>> };

/** What a module file builds. */
export interface Module<S, H extends HandlerParts = HandlerParts> {
  /** What modules of higher tiers may use. */
  services: S;
  handlers: H;
  /** Its scheduled jobs (the scheduler runs them under its advisory lock). */
  jobs?: Job[];
  /** Routes outside the call table (file downloads), registered with the calls. */
  routes?: (app: FastifyInstance, authenticate: RegistryDeps['authenticate']) => void;
  /** After the jobs started (a first run now). */
  started?: (runNow: (jobName: string) => Promise<unknown>) => Promise<void>;
  /** On close, after the jobs stopped and before the database closes. */
  close?: () => Promise<void> | void;
}

type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;
type PartOf<P, M extends PropertyKey> = P extends { [K in M]: infer H } ? H : never;
/** The parts merged per key: a key no part answers, or a call no part has, does not fit `HandlerTable`. */
export type MergedHandlers<P> = { [M in ModuleKey]: UnionToIntersection<PartOf<P, M>> };

/** Merges the modules' handler parts per call-table key; one call answered twice stops the start. */
export function mergeHandlers<P extends HandlerParts[]>(...parts: P): MergedHandlers<P[number]> {
  const table: Record<string, Record<string, unknown>> = {};
  for (const part of parts) {
    for (const [key, handlers] of Object.entries(part)) {
      const merged = table[key] ?? {};
      table[key] = merged;
      for (const [name, handler] of Object.entries(handlers ?? {})) {
        if (name in merged) throw new Error(`call ${key}.${name} is answered by two modules`);
        merged[name] = handler;
      }
    }
  }
  return table as MergedHandlers<P[number]>;
}

/** The call table of the modules (and mechanism parts): `HandlerTable` only if every call has its handler. */
export function handlerTable<const M extends readonly { handlers: HandlerParts }[]>(...modules: M): MergedHandlers<M[number]['handlers']> {
  return mergeHandlers(...modules.map((m) => m.handlers)) as MergedHandlers<M[number]['handlers']>;
}

/** Every module's public services in one view (tests and diagnostics reach them as `buildApp(…).services`). */
export function servicesOf<const M extends readonly { services: object }[]>(...modules: M): UnionToIntersection<M[number]['services']> {
  return Object.assign({}, ...modules.map((m) => m.services));
}
