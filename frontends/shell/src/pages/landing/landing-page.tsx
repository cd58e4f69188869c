import * as api from '@plumbline/contracts/api-paths'
import { BrandMark, Button, Card } from '@plumbline/ui/light'
import { apiPath } from '@plumbline/web'
import { ArrowRight, Bot, Building2, CheckCircle2, FileSpreadsheet, Flame, Lock, Mic, ShieldCheck, Sparkles, Users } from 'lucide-react'
import { Link } from 'react-router'

const features = [
  {
    icon: FileSpreadsheet,
    title: 'AI Cost Estimator',
    text: 'Turn an address into a priced, professional estimate in minutes.',
    bullets: ['Property data lookup', 'Fire hazard analysis', 'Branded PDF reports', 'Secure share links'],
    accent: 'bg-primary/10 text-primary',
  },
  {
    icon: Mic,
    title: 'AI Meeting Notes',
    text: 'Record client walkthroughs and let Plumbline do the paperwork.',
    bullets: ['Automatic transcription', 'Concise summaries', 'Action items and tasks'],
    accent: 'bg-amber/20 text-amber-foreground dark:text-amber',
  },
  {
    icon: Users,
    title: 'Team Collaboration',
    text: 'Bring your whole crew and office onto one secure platform.',
    bullets: ['Multi-tenant organizations', 'Role-based permissions', 'Organization management', 'Complete data isolation'],
    accent: 'bg-success/12 text-success',
  },
]

export function LandingPage() {
  return (
    <div className="min-h-screen bg-background">
      <header className="sticky top-0 z-30 border-b bg-background/80 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4 sm:px-6">
          <BrandMark />
          <div className="flex items-center gap-2">
            <Button asChild variant="outline">
              <Link to="/login">Sign In</Link>
            </Button>
          </div>
        </div>
      </header>

      <main>
        <section className="relative overflow-hidden">
          <div
            aria-hidden="true"
            className="pointer-events-none absolute inset-0 opacity-60 dark:opacity-30"
            style={{
              backgroundImage: 'linear-gradient(var(--border) 1px, transparent 1px), linear-gradient(90deg, var(--border) 1px, transparent 1px)',
              backgroundSize: '40px 40px',
              maskImage: 'radial-gradient(ellipse at 50% 0%, black 30%, transparent 70%)',
            }}
          />
          <div className="relative mx-auto max-w-6xl px-4 pb-20 pt-16 text-center sm:px-6 sm:pt-24">
            <span className="inline-flex items-center gap-2 rounded-full border bg-card px-3 py-1 text-xs font-medium text-muted-foreground shadow-xs">
              <Sparkles className="size-3.5 text-amber" /> AI-powered estimating for contractors
            </span>
            <h1 className="mx-auto mt-6 max-w-3xl text-4xl font-bold leading-[1.1] tracking-tight sm:text-5xl lg:text-6xl">
              Professional Construction Management Platform
            </h1>
            <p className="mx-auto mt-6 max-w-2xl text-lg text-muted-foreground">
              Plumbline helps contractors, roofers and restoration professionals build accurate estimates, capture every meeting and keep the whole team in
              sync.
            </p>
            <div className="mt-10 flex flex-col items-center justify-center gap-3 sm:flex-row">
              <Button asChild size="lg" className="w-full sm:w-auto">
                <Link to="/register">
                  Get Started Free <ArrowRight />
                </Link>
              </Button>
              <Button asChild size="lg" variant="outline" className="w-full sm:w-auto">
                <a href="#features">See how it works</a>
              </Button>
            </div>
            <div className="mt-8 flex flex-wrap items-center justify-center gap-x-6 gap-y-2 text-sm text-muted-foreground">
              <span className="inline-flex items-center gap-1.5">
                <CheckCircle2 className="size-4 text-success" /> No credit card required
              </span>
              <span className="inline-flex items-center gap-1.5">
                <ShieldCheck className="size-4 text-success" /> Secure by design
              </span>
              <span className="inline-flex items-center gap-1.5">
                <Bot className="size-4 text-success" /> AI included
              </span>
            </div>
          </div>
        </section>

        <section id="features" className="scroll-mt-16 border-t bg-muted/30">
          <div className="mx-auto max-w-6xl px-4 py-20 sm:px-6">
            <div className="mx-auto max-w-2xl text-center">
              <h2 className="text-3xl font-semibold tracking-tight">Everything you need to win the job</h2>
              <p className="mt-3 text-muted-foreground">From the first site visit to the signed proposal.</p>
            </div>
            <div className="mt-12 grid gap-6 md:grid-cols-3">
              {features.map(({ icon: Icon, title, text, bullets, accent }) => (
                <Card key={title} className="p-6 transition-shadow hover:shadow-md">
                  <div className={`flex size-11 items-center justify-center rounded-lg ${accent}`}>
                    <Icon className="size-5" />
                  </div>
                  <h3 className="mt-5 text-lg font-semibold tracking-tight">{title}</h3>
                  <p className="mt-2 text-sm text-muted-foreground">{text}</p>
                  <ul className="mt-5 space-y-2.5">
                    {bullets.map((b) => (
                      <li key={b} className="flex items-center gap-2 text-sm">
                        <CheckCircle2 className="size-4 shrink-0 text-primary" /> {b}
                      </li>
                    ))}
                  </ul>
                </Card>
              ))}
            </div>
          </div>
        </section>

        <section className="mx-auto max-w-6xl px-4 py-20 sm:px-6">
          <div className="relative overflow-hidden rounded-2xl bg-brand px-6 py-14 text-center text-white sm:px-12">
            <div aria-hidden="true" className="pointer-events-none absolute -right-24 -top-24 size-80 rounded-full bg-sky-300/25 blur-3xl" />
            <div className="relative">
              <div className="mx-auto flex w-fit items-center gap-3 text-white/70">
                <Building2 className="size-5" /> <Flame className="size-5" /> <Lock className="size-5" />
              </div>
              <h2 className="mt-4 text-3xl font-semibold tracking-tight">Ready to estimate faster?</h2>
              <p className="mx-auto mt-3 max-w-xl text-white/75">Join the contractors who send polished proposals the same day they walk the site.</p>
              <a
                href={apiPath(api.getLogin)}
                className="mt-8 inline-flex h-11 items-center justify-center gap-2 rounded-md bg-amber px-6 text-base font-semibold text-amber-foreground shadow-sm transition hover:bg-amber/90"
              >
                Start Your Free Trial <ArrowRight className="size-4" />
              </a>
            </div>
          </div>
        </section>
      </main>

      <footer className="border-t">
        <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-4 px-4 py-8 text-sm text-muted-foreground sm:flex-row sm:px-6">
          <BrandMark />
          <p>© 2025 Plumbline. All rights reserved.</p>
        </div>
      </footer>
    </div>
  )
}
