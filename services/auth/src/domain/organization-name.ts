/** The organisation every self-registered user starts with. */
export const personalOrganizationName = (firstName: string) => `${firstName.trim()}'s Organization`
