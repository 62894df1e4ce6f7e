/** How long the MFA status read for the gate and the security page stays fresh. */
export const MFA_STATUS_FRESH = { staleTime: 60_000 } as const;

/** The page where a user sets MFA up or turns it off. */
export const SECURITY_PATH = '/account/security';
