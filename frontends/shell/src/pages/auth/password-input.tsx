import { cn, Input } from '@plumbline/ui'
import { Eye, EyeOff } from 'lucide-react'
import * as React from 'react'

/** Password input with a show/hide toggle (the toggle's label avoids the word "password" so field lookups stay unique). */
export const PasswordInput = React.forwardRef<HTMLInputElement, React.InputHTMLAttributes<HTMLInputElement>>(function PasswordInput(
  { className, ...props },
  ref,
) {
  const [visible, setVisible] = React.useState(false)
  return (
    <div className="relative">
      <Input ref={ref} type={visible ? 'text' : 'password'} className={cn('pr-10', className)} {...props} />
      <button
        type="button"
        onClick={() => setVisible((v) => !v)}
        aria-label={visible ? 'Hide characters' : 'Show characters'}
        aria-pressed={visible}
        aria-controls={props.id}
        data-testid="toggle-password-visibility"
        className="absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-md text-muted-foreground transition hover:text-foreground focus-visible:outline-2"
      >
        {visible ? <EyeOff className="size-4" /> : <Eye className="size-4" />}
      </button>
    </div>
  )
})
