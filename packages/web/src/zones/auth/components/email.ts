const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validateEmail(value: string): string | null {
  const email = value.trim();
  if (!email) return 'Zadejte e-mail.';
  return EMAIL.test(email) ? null : 'Zadejte platný e-mail, například jana@klub.cz.';
}
