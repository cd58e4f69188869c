import { RemoteView } from './remotes/remote-view'

/** The public estimate page (the share remote): its own chunk, with the remote loader. */
export default function PublicShare() {
  return <RemoteView name="share" />
}
