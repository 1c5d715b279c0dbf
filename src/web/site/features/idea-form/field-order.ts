/** The form's fields in the order it shows them: the first one in error takes the focus. No zod here (the island imports it). */
export const FORM_FIELD_ORDER = ['idea', 'name', 'phone', 'email'] as const;
