import * as api from '@plumbline/contracts/api-paths'
import { callApi } from '@plumbline/web'
import { Link, useParams } from 'react-router'
import { LinkActionPage } from '../../components/link-action-page'

/**
 * /share/:token/unsubscribe, behind a reminder e-mail's "Stop reminders" link. Mail clients use
 * the one-click POST (List-Unsubscribe-Post) instead. The estimate stays open to the client.
 */
export function StopRemindersPage() {
  const { token = '' } = useParams()
  return (
    <LinkActionPage
      documentTitle="Stop reminders · Plumbline"
      testId="stop-reminders-card"
      act={() => callApi(api.postPublicEstimatesUnsubscribe, { params: { token } })}
      ask={{
        title: 'Stop reminders about this estimate?',
        description: 'Your contractor will not send you more reminder e-mails about it. You can still view, approve or decline the estimate.',
        button: 'Stop reminders',
        pending: 'Stopping',
      }}
      done={() => ({ title: 'No more reminders', description: 'You will get no more reminder e-mails about this estimate. Your link still works.' })}
      invalid="This link is no longer valid. Ask your contractor for a new one."
      extra={
        <Link to={`/share/${token}`} className="text-sm font-medium text-primary underline-offset-4 hover:underline">
          View the estimate
        </Link>
      }
    />
  )
}
