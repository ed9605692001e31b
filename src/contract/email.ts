/**
 * One e-mail address, as a regular expression's source, for the lead request's schema and the sign-up
 * and partner forms' checks: a local part without spaces, brackets, quotes, commas or semicolons (a comma
 * would make two addresses of one), and a domain of letters, digits, hyphens and dots only, so that
 * nothing such as `?cc=…` can ride along after it.
 */
export const EMAIL_PATTERN = '^[^\\s@<>()",;:\\\\]+@[^\\s!"#$%&\'()*+,/:;<=>?@[\\\\\\]^`{|}~.]+(\\.[^\\s!"#$%&\'()*+,/:;<=>?@[\\\\\\]^`{|}~.]+)*\\.[^\\s!"#$%&\'()*+,/:;<=>?@[\\\\\\]^`{|}~.]{2,}$';
