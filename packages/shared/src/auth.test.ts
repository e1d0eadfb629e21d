import { describe, expect, test } from 'vitest';
import { LoginBodySchema, RegisterBodySchema } from './auth.js';
import { AuthMessages } from './messages.js';

const messagesOf = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('LoginBodySchema', () => {
  test('normalises the email to trimmed lower case and keeps the password as typed', () => {
    expect(LoginBodySchema.parse({ email: '  Ada@Example.COM ', password: ' pass word ' })).toEqual(
      {
        email: 'ada@example.com',
        password: ' pass word ',
      },
    );
  });

  test('missing email or password gives the form message', () => {
    expect(messagesOf(LoginBodySchema.safeParse({ email: '', password: 'x' }))).toEqual([
      AuthMessages.emailAndPasswordRequired,
    ]);
    expect(messagesOf(LoginBodySchema.safeParse({ email: 'a@b.co' }))).toEqual([
      AuthMessages.emailAndPasswordRequired,
    ]);
  });
});

describe('RegisterBodySchema', () => {
  const valid = { name: 'Ada', email: 'ada@example.com', password: 'long enough' };

  test('defaults role to user', () => {
    expect(RegisterBodySchema.parse(valid).role).toBe('user');
  });

  test('counts an emoji as one character', () => {
    expect(RegisterBodySchema.safeParse({ ...valid, password: '🔐'.repeat(8) }).success).toBe(true);
    expect(RegisterBodySchema.safeParse({ ...valid, password: '🔐'.repeat(7) }).success).toBe(
      false,
    );
    expect(RegisterBodySchema.safeParse({ ...valid, password: '🔐'.repeat(128) }).success).toBe(
      true,
    );
  });

  test('a blank username gives the form message', () => {
    expect(messagesOf(RegisterBodySchema.safeParse({ ...valid, name: '  ' }))).toEqual([
      AuthMessages.usernameRequired,
    ]);
  });

  test('a name with control characters or line separators is refused; emoji and accents are not', () => {
    for (const name of ['Ada.\r\n\r\nACCOUNT LOCKED', 'Ada\tL', 'Ada\u0000', 'Ada\u2028L']) {
      expect(messagesOf(RegisterBodySchema.safeParse({ ...valid, name }))).toEqual([
        AuthMessages.nameHasControlCharacters,
      ]);
    }
    expect(RegisterBodySchema.safeParse({ ...valid, name: 'Zoë 👩‍💻' }).success).toBe(true);
  });
});
