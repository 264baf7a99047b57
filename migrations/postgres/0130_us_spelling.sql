-- One spelling throughout the shop, US English as it sells in dollars (issue
-- #26): the seeded catalogue's and blog's British spellings. A post whose
-- Markdown changes gets its body_html emptied, so the server renders it again
-- at start, as for the seeded posts.
UPDATE categories SET description = replace(description, 'colourful', 'colorful');
UPDATE books SET description = replace(replace(description, 'favourite', 'favorite'), 'practise', 'practice');
UPDATE posts SET
    title         = replace(title, 'Maths', 'Math'),
    excerpt       = replace(replace(replace(excerpt, 'cosy', 'cozy'), 'practise', 'practice'), 'favourite', 'favorite'),
    cover_alt     = replace(replace(cover_alt, 'cosy', 'cozy'), 'colourful', 'colorful'),
    body_markdown = replace(replace(replace(replace(replace(replace(body_markdown,
        'Maths', 'Math'), 'maths', 'math'), 'cosy', 'cozy'), 'colourful', 'colorful'), 'favourite', 'favorite'), 'practise', 'practice'),
    body_html     = '';
