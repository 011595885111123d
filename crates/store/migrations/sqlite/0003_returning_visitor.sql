-- A new chat looks up the ended chats of the visitor's e-mail on the domain (a returning visitor
-- lands in the same thread): the personas of the e-mail without case, then their channels.
CREATE INDEX personas_email ON personas(lower(email));
CREATE INDEX channels_visitor ON channels(visitor_persona_id, domain_id, status, ended_at);
