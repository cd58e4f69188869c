// The demo data `npm start` seeds (SEED_DEMO=true), in one place so the start banner can print
// the sign-in details. Development only: these passwords are public.
export const DEMO_ORGANIZATION = { id: 'demo-construction-co', name: 'Demo Construction Co.' } as const

export const DEMO_USER = {
  email: 'demo@plumbline.dev',
  password: 'Demo-Plumbline-2025',
  firstName: 'Demo',
  lastName: 'User',
  systemRole: 'user',
  orgRole: 'Owner',
} as const

export const DEMO_ADMIN = {
  email: 'admin@plumbline.dev',
  password: 'Admin-Plumbline-2025',
  firstName: 'Platform',
  lastName: 'Admin',
  systemRole: 'superadmin',
  orgRole: 'Owner',
} as const

/** Keyed for the start banner (scripts/start.ts prints DEMO_ACCOUNTS.user and .admin). */
export const DEMO_ACCOUNTS = { user: DEMO_USER, admin: DEMO_ADMIN } as const
export const DEMO_ACCOUNT_LIST = [DEMO_USER, DEMO_ADMIN] as const
