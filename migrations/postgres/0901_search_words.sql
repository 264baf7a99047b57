-- Searching by words (issue 40): the desk finds an order by the start of
-- any word of its number, its e-mail address or the buyer's name, and the
-- customer search a person by the words of their address or of their name,
-- from GIN indexes instead of reading every row (internal/db/search.go).
-- search_words is the words of a text as SQLite's unicode61 tokenizer
-- splits them: punctuation becomes a space before the 'simple' parser reads
-- the words, lower case. IMMUTABLE, so indexes may use it.
CREATE FUNCTION search_words(text) RETURNS tsvector LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
    SELECT to_tsvector('simple'::regconfig, translate($1,
        '!"#$%&''()*+,-./:;<=>?@[\]^_`{|}~’‘“”–—…·«»',
        '                                          '))
$$;
CREATE INDEX orders_words ON orders USING gin (search_words(number || ' ' || email || ' ' || COALESCE(shipping_info::jsonb ->> 'fullName', '')));
CREATE INDEX users_words ON users USING gin (search_words(email));
CREATE INDEX profiles_words ON profiles USING gin (search_words(first_name || ' ' || last_name));
