import { BrandMark, Card, cn, toast } from '@plumbline/ui'
import { BarChart3, FileText, ShieldCheck, Sparkles } from 'lucide-react'
import type * as React from 'react'
import { Link } from 'react-router'

const points = [
  { icon: Sparkles, title: 'AI cost estimates in minutes', text: 'Property data, fire hazard analysis and branded PDF proposals.' },
  { icon: FileText, title: 'Meeting notes that write themselves', text: 'Transcripts, summaries and action items from every site visit.' },
  { icon: ShieldCheck, title: 'Built for teams', text: 'Role-based permissions and strict data isolation per organization.' },
]

/** Split-screen auth layout: brand panel on desktop, single column on mobile. */
export function AuthLayout({
  children,
  title,
  description,
  footer,
  icon,
}: {
  children: React.ReactNode
  title: React.ReactNode
  description?: React.ReactNode
  footer?: React.ReactNode
  icon?: React.ReactNode
}) {
  return (
    <div className="flex min-h-screen w-full bg-background">
      <aside className="relative hidden w-[46%] max-w-[640px] flex-col justify-between overflow-hidden bg-brand p-10 text-white lg:flex xl:p-14">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-0 opacity-[0.14]"
          style={{
            backgroundImage: 'linear-gradient(rgba(255,255,255,.6) 1px, transparent 1px), linear-gradient(90deg, rgba(255,255,255,.6) 1px, transparent 1px)',
            backgroundSize: '32px 32px',
            maskImage: 'radial-gradient(ellipse at 30% 20%, black 20%, transparent 75%)',
          }}
        />
        <div aria-hidden="true" className="pointer-events-none absolute -bottom-40 -right-40 size-[28rem] rounded-full bg-sky-300/25 blur-3xl" />
        <div aria-hidden="true" className="pointer-events-none absolute inset-0 bg-gradient-to-br from-white/0 via-white/0 to-black/15" />
        <Link to="/" className="relative w-fit">
          <BrandMark inverted />
        </Link>
        <div className="relative max-w-md">
          <h2 className="text-3xl font-semibold leading-tight tracking-tight xl:text-4xl">Estimate, win and deliver more construction work.</h2>
          <ul className="mt-10 space-y-6">
            {points.map(({ icon: Icon, title: t, text }) => (
              <li key={t} className="flex gap-4">
                <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-white/10 ring-1 ring-white/20">
                  <Icon className="size-5 text-amber" />
                </span>
                <span>
                  <span className="block font-medium">{t}</span>
                  <span className="mt-0.5 block text-sm text-white/70">{text}</span>
                </span>
              </li>
            ))}
          </ul>
        </div>
        <div className="relative flex items-center gap-3 text-sm text-white/60">
          <BarChart3 className="size-4" />
          Trusted by contractors, roofers and restoration pros.
        </div>
      </aside>
      <main className="flex flex-1 flex-col items-center justify-center px-4 py-10 sm:px-8">
        <div className="w-full max-w-[420px]">
          <Link to="/" className="mb-8 flex justify-center lg:hidden">
            <BrandMark />
          </Link>
          <Card className="p-6 shadow-sm sm:p-8">
            <div className="mb-6 space-y-1.5">
              {icon ? <div className="mb-4 flex size-11 items-center justify-center rounded-full bg-primary/10 text-primary">{icon}</div> : null}
              <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
              {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
            </div>
            {children}
          </Card>
          {footer ? <div className="mt-6 text-center text-sm text-muted-foreground">{footer}</div> : null}
        </div>
      </main>
    </div>
  )
}

export function FormAlert({
  children,
  variant = 'error',
  className,
}: {
  children: React.ReactNode
  variant?: 'error' | 'success' | 'info'
  className?: string
}) {
  return (
    <div
      role="alert"
      className={cn(
        'rounded-lg border px-3.5 py-3 text-sm',
        variant === 'error' && 'border-destructive/30 bg-destructive/8 text-destructive',
        variant === 'success' && 'border-success/30 bg-success/10 text-success',
        variant === 'info' && 'border-primary/20 bg-primary/5 text-foreground',
        className,
      )}
    >
      {children}
    </div>
  )
}

/**
 * Account-screen failures are notices (spec 000 §8: toasts unless stated); the same text also
 * stays in the form, because a toast is gone after five seconds and the form is still wrong.
 */
export function showError(setError: (message: string) => void, title: string, message: string): void {
  setError(message)
  toast({ title, description: message, variant: 'destructive' })
}
