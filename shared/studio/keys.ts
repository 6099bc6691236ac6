/** The one studio profile: a single item (see docs/architecture.md, "Access patterns"). */
export const studioKey = { pk: 'STUDIO', sk: 'PROFILE' } as const;
