import { Button, NotFoundView } from '@plumbline/ui'
import { Home } from 'lucide-react'
import { Link } from 'react-router'

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
