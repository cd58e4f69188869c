export * from './connection.js'
export * from './prisma.js'
export * from './migrate.js'
