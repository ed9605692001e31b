/**
 * A street's name as addresses and roads are matched by: in lower case, German umlauts and ß written out
 * (ä → ae: "Aeulestrasse" is how "Äulestrasse" is typed without them), other accents dropped, and hyphens,
 * dots and spaces alike ("Asema-Aukio" on an address, "Asema-aukio" on the road).
 */
export function streetKey(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[\s.\-‐–]+/g, ' ');
}
