// The estimates list's plain choices, free of zod so the list screen can offer them without the
// schemas (src/estimates.ts builds ZEstimateStatus and ZEstimateListQuery from the same arrays).

export const ESTIMATE_STATUSES = ['draft', 'pending', 'shared', 'viewed', 'approved', 'rejected'] as const
export const ESTIMATE_SORT_FIELDS = ['updatedAt', 'createdAt', 'totalCost', 'projectName', 'clientName'] as const
export const PAGE_SIZES = [10, 20, 50, 100] as const
