// What the AI writer does with the estimate's free-text fields, said where they are typed and
// shown: the special features may be carried into the proposal the client reads (in the
// writer's words); the meeting notes shape it but are never quoted and stay contractor-only.

export const SPECIAL_FEATURES_HINT = 'AI may describe these in the proposal your client sees: write nothing here the client should not read.'
export const MEETING_NOTES_HINT = 'Only your team sees these. AI uses them as background and never quotes them to the client.'
