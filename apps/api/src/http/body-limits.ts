// Account and profile forms are small: 16 KB leaves room for any real form and refuses floods.
export const FORM_BODY_LIMIT = 16 * 1024;
