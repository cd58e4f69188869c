export * from './connection.js'
export * from './migrate.js'
export * from './prisma.js'
