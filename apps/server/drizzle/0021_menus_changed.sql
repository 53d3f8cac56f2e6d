-- Issue 15: each group's menu tree is kept in memory too (shell.service, security/heard-cache.ts). The menu entries
-- themselves (changed by a new release's seed) now tell every listening instance at commit as well, like the grants.
CREATE TRIGGER menus_auth_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON menus FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_changed();
