-- Accounts: TOTP second factor (user_totp, user_recovery_codes, login_challenges), every login attempt (login_history), the sessions' browser and last use; sessions NOTIFY auth_changed only when a column that decides who a session is changes.
CREATE TABLE "login_challenges" (
	"id_hash" varchar(64) PRIMARY KEY NOT NULL,
	"user_id" varchar(50) NOT NULL,
	"purpose" varchar(10) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"used_at" timestamp with time zone,
	"client_ip" varchar(64),
	"user_agent" varchar(300)
);
--> statement-breakpoint
CREATE TABLE "login_history" (
	"rowguid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" varchar(60) NOT NULL,
	"attempt_time" timestamp with time zone DEFAULT now() NOT NULL,
	"client_ip" varchar(64),
	"user_agent" varchar(300),
	"result" varchar(20) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_recovery_codes" (
	"user_id" varchar(50) NOT NULL,
	"code_hash" varchar(64) NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "user_recovery_codes_user_id_code_hash_pk" PRIMARY KEY("user_id","code_hash")
);
--> statement-breakpoint
CREATE TABLE "user_totp" (
	"user_id" varchar(50) PRIMARY KEY NOT NULL,
	"secret" text,
	"pending_secret" text,
	"enabled_at" timestamp with time zone,
	"last_step" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "user_agent" varchar(300);--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "last_used_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "login_challenges" ADD CONSTRAINT "login_challenges_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "user_recovery_codes" ADD CONSTRAINT "user_recovery_codes_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "user_totp" ADD CONSTRAINT "user_totp_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "login_challenges_expires_idx" ON "login_challenges" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "login_history_user_idx" ON "login_history" USING btree ("user_id","attempt_time");--> statement-breakpoint
CREATE INDEX "login_history_time_idx" ON "login_history" USING btree ("attempt_time");--> statement-breakpoint
DROP TRIGGER IF EXISTS sessions_auth_changed ON sessions;--> statement-breakpoint
CREATE TRIGGER sessions_auth_changed AFTER UPDATE OF jti, user_id, expires_at, revoked_at OR DELETE ON sessions FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_changed();
