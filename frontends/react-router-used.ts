/**
 * The part of react-router the shell and the remotes use. The build aliases `react-router` to
 * this file (rsbuild.shared.ts), so the shared singleton every app loads is this subset of the
 * production build rather than the whole package: a shared module cannot be tree-shaken, but
 * its own imports can (docs/adr/0012). Using a name that is not listed here fails
 * the build (see react-router-used.test.ts); add it here.
 */
export {
  BrowserRouter,
  Link,
  MemoryRouter,
  Navigate,
  NavLink,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router-production-build'
