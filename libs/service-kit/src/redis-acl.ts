// Redis users per service (security probe 2026-11-24, finding 5: Redis had no password, and
// anyone who could reach it could read every session). In production REDIS_URL carries the
// service's own ACL user (redis://<service>:<password>@redis:6379); each user may touch only its
// key families (contracts' redisKeys, under REDIS_PREFIX) with only the commands its code runs.
// `redisAclFile` writes the users for redis-server's `aclfile`; the default user is switched off.
// libs/service-kit/test/redis-acl.test.ts runs each user's work against a redis-server started
// with this file, and checks what it must not do.

export type RedisGrant = {
  /** Key families (after REDIS_PREFIX) read and written. */
  readWrite: string[]
  /** Key families only read. */
  readOnly: string[]
  /** Commands beyond the connection ones every client needs. */
  commands: string[]
}

/** What every client runs: node-redis's handshake (HELLO/AUTH, CLIENT SETNAME; it ignores a refused CLIENT SETINFO), PING for readiness, QUIT at shutdown. */
const CONNECTION_COMMANDS = ['hello', 'auth', 'ping', 'quit', 'client|setname', 'client|getname', 'select']

/**
 * Services that use no keys yet (only PING for readiness) get a family of their own
 * (`<service>:*`, nobody else's) with plain key commands, for the first cache or counter they add.
 */
const ownFamily = (service: string): RedisGrant => ({ readWrite: [`${service}:`], readOnly: [], commands: ['get', 'set', 'del', 'incr', 'expire'] })

export const REDIS_GRANTS = {
  // Sessions and identities are read on every request (client-side cache: CLIENT TRACKING);
  // rate-limit counters are INCR + EXPIRE in MULTI (security/rate-limit.ts).
  gateway: { readWrite: ['rl:'], readOnly: ['session:', 'identity:'], commands: ['get', 'incr', 'expire', 'multi', 'exec', 'discard', 'client|tracking'] },
  // Creates, reads and revokes sessions (data/sessions.ts), caches identities (data/identity-cache.ts)
  // and slows sign-in per account (data/login-throttle.ts: a script reading and writing one hash,
  // whose commands Redis checks against this user as well).
  auth: {
    readWrite: ['session:', 'user-sessions:', 'identity:', 'rl:login-account:'],
    readOnly: [],
    commands: ['get', 'set', 'del', 'sadd', 'srem', 'smembers', 'expire', 'multi', 'exec', 'discard', 'eval', 'hget', 'hset', 'hincrby', 'pexpire'],
  },
  estimates: ownFamily('estimates'),
  ai: ownFamily('ai'),
  documents: ownFamily('documents'),
  meetings: ownFamily('meetings'),
  admin: ownFamily('admin'),
} as const satisfies Record<string, RedisGrant>

export type RedisService = keyof typeof REDIS_GRANTS

/**
 * One `aclfile` line: `user <service> on <password> resetkeys ~<rw>* %R~<ro>* resetchannels -@all +<commands>`.
 * `password` is `>plaintext` or `#<sha256 hex>` (Redis' ACL syntax); the file should hold hashes.
 */
export function redisAclLine(service: RedisService, password: string, prefix = 'plumbline:'): string {
  const grant: RedisGrant = REDIS_GRANTS[service]
  const keys = [...grant.readWrite.map((f) => `~${prefix}${f}*`), ...grant.readOnly.map((f) => `%R~${prefix}${f}*`)]
  const commands = [...CONNECTION_COMMANDS, ...grant.commands].map((c) => `+${c}`)
  return ['user', service, 'on', password, 'resetkeys', ...keys, 'resetchannels', '-@all', ...commands].join(' ')
}

/** The whole `aclfile`: the default user off, then one user per service. */
export function redisAclFile(passwords: Record<RedisService, string>, prefix = 'plumbline:'): string {
  const services = Object.keys(REDIS_GRANTS) as RedisService[]
  return `${['user default off resetkeys -@all', ...services.map((s) => redisAclLine(s, passwords[s], prefix))].join('\n')}\n`
}
