// Merge tags in the Liquid form the server renders: `{{ first_name }}`, and with a fallback for
// subscribers who have no value, `{{ first_name | default: "there" }}`.

const ATTRIBUTE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

export function mergeTag(field: string, fallback = ''): string {
  if (!fallback) return `{{ ${field} }}`;
  // A double quote would end the fallback's string early; the reader sees a plain quote mark.
  return `{{ ${field} | default: "${fallback.replace(/"/g, '”')}" }}`;
}

/** A subscriber attribute's tag, or null when the name could not be one (letters, digits, _). */
export function attributeTag(name: string, fallback = ''): string | null {
  const trimmed = name.trim();
  return ATTRIBUTE_NAME.test(trimmed) ? mergeTag(`attributes.${trimmed}`, fallback) : null;
}
