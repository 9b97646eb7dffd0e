export function Spinner({ label = 'Loading', className = '' }: { label?: string; className?: string }) {
  return (
    <div role="status" className={`flex items-center justify-center gap-3 py-10 text-slate-500 ${className}`}>
      <span className="size-8 animate-spin rounded-full border-4 border-amber-200 border-t-amber-600" aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </div>
  );
}
