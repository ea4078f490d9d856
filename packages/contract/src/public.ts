import { z } from 'zod';
import { EmailSchema, LanguageSchema } from './common';

// Schemas of the public routes (SPEC.md §7): newsletter sign-up and the contact form.

export const NewsletterSubscribeRequestSchema = z
  .object({
    email: EmailSchema,
    /** The page's language when the visitor subscribed, so the letter can be sent in it. */
    language: LanguageSchema.optional(),
  })
  .meta({ id: 'NewsletterSubscribeRequest' });
export type NewsletterSubscribeRequest = z.infer<typeof NewsletterSubscribeRequestSchema>;

export const NewsletterSubscribeResponseSchema = z
  .object({ message: z.string(), email: z.string() })
  .meta({ id: 'NewsletterSubscribeResponse' });
export type NewsletterSubscribeResponse = z.infer<typeof NewsletterSubscribeResponseSchema>;

/** The eight subjects of SPEC.md §5, as stable slugs; the form shows them translated. */
export const CONTACT_SUBJECTS = ['general', 'support', 'sales', 'demo', 'partnership', 'bug', 'suggestion', 'other'] as const;
export type ContactSubject = (typeof CONTACT_SUBJECTS)[number];

/** The French wording of SPEC.md §5, used in the mail sent to the team. */
export const CONTACT_SUBJECT_LABELS_FR: Readonly<Record<ContactSubject, string>> = {
  general: 'Question générale',
  support: 'Support technique',
  sales: 'Demande commerciale',
  demo: 'Demande de démo',
  partnership: 'Partenariat',
  bug: 'Bug ou problème',
  suggestion: 'Suggestion',
  other: 'Autre',
};

export const CONTACT_LIMITS = { name: 120, subject: 40, message: 5000, messageMin: 10 } as const;

export const ContactRequestSchema = z
  .object({
    name: z.string().trim().min(1).max(CONTACT_LIMITS.name),
    email: EmailSchema,
    subject: z.enum(CONTACT_SUBJECTS),
    message: z.string().trim().min(CONTACT_LIMITS.messageMin).max(CONTACT_LIMITS.message),
  })
  .meta({ id: 'ContactRequest' });
export type ContactRequest = z.infer<typeof ContactRequestSchema>;

export const ContactResponseSchema = z.object({ message: z.string(), id: z.uuid() }).meta({ id: 'ContactResponse' });
export type ContactResponse = z.infer<typeof ContactResponseSchema>;
