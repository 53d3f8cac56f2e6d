-- Issue 15: every instance keeps the sessions it has checked for a short while (auth.service). Whatever changes who a
-- session is or what it may do (a revoked or deleted session, a user changed or deactivated, a group or its menu grants
-- changed) tells every listening instance at commit, through NOTIFY, so each drops what it kept.
CREATE OR REPLACE FUNCTION notify_auth_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('auth_changed', TG_TABLE_NAME);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_auth_changed AFTER UPDATE OR DELETE ON sessions FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_changed();
--> statement-breakpoint
CREATE TRIGGER users_auth_changed AFTER UPDATE OR DELETE ON users FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_changed();
--> statement-breakpoint
CREATE TRIGGER user_groups_auth_changed AFTER UPDATE OR DELETE ON user_groups FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_changed();
--> statement-breakpoint
CREATE TRIGGER group_menus_auth_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON group_menus FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_changed();
