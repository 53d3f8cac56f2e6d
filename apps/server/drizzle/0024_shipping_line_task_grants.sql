-- A shipping line acts on nobody's orders (security/order-access.ts): the two order entries the demo group 'Operation'
-- held led only to refusals. They leave its menu; an administrator can still grant what a group really uses.
DELETE FROM "group_menus" WHERE "user_group_code" = 'Operation' AND "menu_id" IN ('TASK_EMPTY_PICKUP', 'TASK_PRE_ADVICE');
