// The register page's live checklist (spec part 1 §2), apart from schemas/auth.ts so the page shows
// it without loading zod and the common-password list.
export const passwordChecklist = [
  { label: 'At least 8 characters', test: (v: string) => v.length >= 8 },
  { label: 'Contains a letter', test: (v: string) => /[A-Za-z]/.test(v) },
  { label: 'Contains a number', test: (v: string) => /\d/.test(v) },
] as const;
