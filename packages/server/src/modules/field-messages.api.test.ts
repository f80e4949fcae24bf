import { labelledMessages } from '@klubovna/shared/validation/czech-messages';
import { PROGRAMMER_WORDS } from '@klubovna/shared/validation/jargon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpClient } from '../test/http-client.ts';
import { startTestApp, type TestApp, testEngines } from '../test/test-app.ts';

/** Values of the wrong type, size or form: each is sent to every field of every entity at once. */
const WRONG_VALUES: readonly unknown[] = [
  42,
  -1,
  1.5,
  2 ** 40,
  'tři',
  'x'.repeat(30_000),
  true,
  [],
  [0, 'a'],
  {},
  { amount: 'x', currency: 1 },
  { amount: 1e15, currency: 'CZK' },
  '2099-01-01',
  '2026-02-30',
  '2099-01-01T10:00:00+01:00',
  'javascript:alert(1)',
];

/** Every message reads as a Czech sentence for a club's secretary, with no word of Zod's. */
function expectCzechWords(messages: string[], what: string) {
  for (const message of messages) {
    expect(message, what).not.toMatch(PROGRAMMER_WORDS);
    expect(message, what).toMatch(/^[A-ZÁČĎÉĚÍŇÓŘŠŤÚŮÝŽ„].*[.!]$/);
  }
}

describe.each(testEngines())('refusals of declared fields on %s', (engine) => {
  let t: TestApp;
  let root: HttpClient;

  beforeAll(async () => {
    t = await startTestApp(engine);
    root = await t.signedInAsRoot();
  });
  afterAll(() => t.close());

  it("walks every declared field's rule with wrong values: Czech words naming the field, never Zod's", () => {
    let checked = 0;
    for (const entity of t.app.entities.values()) {
      for (const field of entity.fields) {
        for (const value of [null, '', ...WRONG_VALUES]) {
          const result = field.schema.safeParse(value, { error: labelledMessages(() => field.label) });
          const messages = result.error?.issues.map((issue) => issue.message) ?? [];
          const what = `${entity.declaration.alias}.${field.name} ← ${String(value).slice(0, 30)}`;
          expectCzechWords(messages, what);
          // Each names its field, unless the declaration wrote it (a pattern's, a relation's "Vyberte skupinu.").
          for (const message of messages)
            if (message !== field.patternMessage && message !== field.requiredMessage)
              expect(message, what).toContain(`„${field.label}“`);
          checked += messages.length;
        }
      }
    }
    expect(checked).toBeGreaterThan(500);
  });

  it('answers a form sent with wrong values in every field with Czech messages on the fields', async () => {
    let refusals = 0;
    for (const entity of t.app.entities.values()) {
      const writable = entity.fields.filter((field) => !field.readOnly);
      for (const value of WRONG_VALUES) {
        const body = Object.fromEntries(writable.map((field) => [field.name, value]));
        const response = await root.post(`/api/cms/form/${entity.declaration.alias}`, body);
        const what = `${entity.declaration.alias} ← ${JSON.stringify(value).slice(0, 30)}`;
        expect(response.status, what).toBeLessThan(500);
        // A value that fits every field of an entity (a tag takes any short text) is simply saved.
        if (response.status < 400) continue;
        refusals += 1;
        const messages: string[] = [
          response.body.error.message,
          ...(response.body.validationErrors ?? []).map((error: { message: string }) => error.message),
        ];
        expectCzechWords(messages, what);
      }
    }
    expect(refusals).toBeGreaterThan(t.app.entities.size * 10);
  });
});
