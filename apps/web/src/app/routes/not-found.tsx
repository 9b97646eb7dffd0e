import { Link } from 'react-router-dom';
import { buttonClass } from '../../components/ui/button';
import { paths } from '../../config/paths';

// The spec's exact sentence, kept as one string so it renders as a single text node.
const message = "Oops! You're lost. The page you are looking for was not found.";

export function NotFoundPage() {
  return (
    <section className="mx-auto flex min-h-[60vh] max-w-2xl flex-col items-center justify-center px-4 py-16 text-center">
      <p aria-hidden="true" className="select-none text-8xl font-extrabold leading-none tracking-tight text-amber-700 sm:text-9xl">
        404
      </p>
      <h1 className="mt-6 text-2xl font-bold text-slate-800 sm:text-3xl">{message}</h1>
      <Link to={paths.home} className={buttonClass('primary', 'mt-8')}>
        Back to home
      </Link>
    </section>
  );
}
