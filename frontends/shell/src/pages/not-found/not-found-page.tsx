import { Link } from 'react-router'
import { Home } from 'lucide-react'
import { Button, NotFoundView } from '@plumbline/ui'

export function NotFoundPage() {
  return (
    <NotFoundView
      action={
        <Button asChild>
          <Link to="/">
            <Home /> Back to Dashboard
          </Link>
        </Button>
      }
    />
  )
}
