/** Recovery codes come ten at a time (each works once). */
export const recoveryCodeCount = 10
