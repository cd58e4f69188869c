export * from './env.js'
export * from './database.js'
export * from './service.js'
export * from './browser.js'
