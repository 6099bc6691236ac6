/** The roles are the Cognito groups of the same names; a token names them in `cognito:groups`. */
export const roleNames = ['owner', 'staff'] as const;
export type Role = (typeof roleNames)[number];

export const anyRole = ['owner', 'staff'] as const satisfies readonly Role[];
export const ownerOnly = ['owner'] as const satisfies readonly Role[];
