import type { FieldValues, Resolver } from 'react-hook-form'

// zod and the contract schemas are about a fifth of the sign-in screen's JavaScript, and showing
// a form needs none of them: they load when the visitor first focuses a field (prefetchValidation),
// and at the latest when the form is submitted (the resolver waits for them).
const load = () => import('./form-resolvers')
type Resolvers = Awaited<ReturnType<typeof load>>

let pending: Promise<Resolvers> | null = null

function loadResolvers(): Promise<Resolvers> {
  pending ??= load().catch((err: unknown) => {
    pending = null // the next attempt fetches again
    throw err
  })
  return pending
}

/** Starts loading the validation; a failure here is retried, and reported, on submit. */
export function prefetchValidation(): void {
  loadResolvers().catch(() => {})
}

/** The form's resolver, the same as zodResolver(schema) once loaded. */
export function deferredResolver<K extends keyof Resolvers>(name: K): Resolvers[K] {
  const resolver: Resolver<FieldValues> = async (values, context, options) => {
    const resolvers = await loadResolvers()
    return (resolvers[name] as unknown as Resolver<FieldValues>)(values, context, options)
  }
  return resolver as unknown as Resolvers[K]
}
