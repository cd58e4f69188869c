// Words that say nothing about what a meeting was about: English function words plus the
// small talk and hedges of spoken conversation ("yeah", "gonna", "really").
const WORDS = `
a about above after again against all also am an and any are aren't as at be because been before being below between both but by
can can't cannot could couldn't did didn't do does doesn't doing don't down during each few for from further had hadn't has hasn't
have haven't having he he'd he'll he's her here here's hers herself him himself his how how's i i'd i'll i'm i've if in into is isn't
it it's its itself let's me more most mustn't my myself no nor not of off on once only or other ought our ours ourselves out over own
same shan't she she'd she'll she's should shouldn't so some such than that that's the their theirs them themselves then there there's
these they they'd they'll they're they've this those through to too under until up very was wasn't we we'd we'll we're we've were
weren't what what's when when's where where's which while who who's whom why why's will with won't would wouldn't you you'd you'll
you're you've your yours yourself yourselves
yeah yes yep no nope okay ok oh alright right well like just really actually basically literally kind sort gonna wanna gotta got get
getting go going goes went thing things stuff lot lots maybe probably pretty sure think know mean guess say said says see look thanks
thank please um uh hmm mhm one two us also anyway still even much many way good great fine let need needs want wants come
`

export const STOP_WORDS: ReadonlySet<string> = new Set(WORDS.split(/\s+/).filter(Boolean))

/** The words of a text that carry its meaning, lower-cased, in order (repeats kept). */
export function contentWords(text: string): string[] {
  return (text.toLowerCase().match(/[a-z0-9]+(?:'[a-z]+)?/g) ?? []).filter((w) => w.length > 2 && !STOP_WORDS.has(w))
}
