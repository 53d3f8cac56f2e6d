// Plain names of live events, without schemas: the signed-in frame listens for them and loads no zod.

/** `request_type` of the `notice` event sent to everyone when notification rows are saved or deleted. */
export const NOTICES_CHANGED = 'notify_changed';

/** `notice` request_type: staff approved, rejected or cancelled one of the user's orders; data has the order. */
export const ORDER_STATE_CHANGED = 'order_state';
