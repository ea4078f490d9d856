/**
 * A text as the tables of catalogue.ts `table` show it: plain, or its plural forms chosen by its `{count}` parameter
 * (`other` for any form not listed).
 */
type PluralForms = { readonly other: string } & Partial<Record<'zero' | 'one' | 'two' | 'few' | 'many', string>>;
export type Text = string | PluralForms;
