/** A text: plain, or its CLDR plural forms chosen by its `{count}` parameter (`other` for any form not listed). */
type PluralForms = { readonly other: string } & Partial<Record<'zero' | 'one' | 'two' | 'few' | 'many', string>>;
export type Text = string | PluralForms;
