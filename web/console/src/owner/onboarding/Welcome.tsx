// What a new owner sees on an empty console: the few steps from nothing to a button on their site
// (domain → channels → look → publish → snippet → installed), beside the form that starts them.
export function Welcome() {
  return (
    <section className="card stack welcome" aria-labelledby="welcome-h">
      <h2 id="welcome-h">Welcome! A button on your site in a few steps</h2>
      <ol>
        <li>Type your site's host name on the left (like <code>shop.example.com</code>) and add it.</li>
        <li>Pick what visitors can do: call, WhatsApp, e-mail, chat… and fill in your number or address.</li>
        <li>Change the look if you like: the preview is your button as visitors will see it.</li>
        <li>Publish (under the preview), copy the snippet and paste it into your site: this page tells you when it is installed.</li>
      </ol>
    </section>
  );
}
