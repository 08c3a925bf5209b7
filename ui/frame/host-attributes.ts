/** Reading the host element's attributes as the catalogue defines them. */

/** A boolean attribute as the catalogue reads it: present (or "true") is on, "false" off. */
export const isOn = (value: string | undefined) => value !== undefined && value !== "false";
