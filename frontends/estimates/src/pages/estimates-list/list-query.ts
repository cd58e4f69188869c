import { estimateListKey } from '../../data/keys'
import { type ListState, parseListState, toApiQuery } from './list-state'

/** The query of the list page a URL shows: the list screen reads it, ./App starts it early. */
export const listQueryKey = (orgId: string, state: ListState) => estimateListKey(orgId, toApiQuery(state))

/** Whether a path is the list screen's (the '/cost-estimator/*' route). */
export const isListPath = (pathname: string) => pathname === '/cost-estimator' || pathname.startsWith('/cost-estimator/')

/** The list query of a URL's search string. */
export const listQueryKeyOf = (orgId: string, search: string) => listQueryKey(orgId, parseListState(new URLSearchParams(search)))
