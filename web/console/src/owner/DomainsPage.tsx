export function DomainsPage(_: { domainId: string | null; tab: string }) {
  return <h1>Domains</h1>;
}
