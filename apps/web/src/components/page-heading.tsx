/** The heading of a treasurer's page: its title, and a line on what the page is for. */
export function PageHeading({ title, subtitle }: { title: string; subtitle: string }) {
  return (
    <div>
      <h1 className="text-2xl font-extrabold text-slate-900">{title}</h1>
      <p className="text-slate-700">{subtitle}</p>
    </div>
  );
}
