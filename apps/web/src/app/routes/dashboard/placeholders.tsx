import { PageHeading } from './page-heading';

/** The spec's placeholder pages keep their texts (docs/rules.md, Search, chart and placeholders). */
function Placeholder({ text }: { text: string }) {
  return (
    <section className="rounded-xl bg-white p-8 shadow-sm ring-1 ring-slate-200">
      <PageHeading>{text}</PageHeading>
    </section>
  );
}

export const UserPage = () => <Placeholder text="Manage Login user" />;
export const HelpPage = () => <Placeholder text="Help desk" />;
