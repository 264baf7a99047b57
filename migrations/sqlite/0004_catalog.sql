-- The catalogue: eight categories and the ten books of Siso & Friends.
-- Immutable at runtime (the server loads it once at start); a change to the
-- catalogue is a new migration. Prices are integer cents.
CREATE TABLE categories (
    id          TEXT PRIMARY KEY,
    name        TEXT NOT NULL,
    description TEXT NOT NULL,
    position    INTEGER NOT NULL
);

CREATE TABLE books (
    id               INTEGER PRIMARY KEY,
    title            TEXT NOT NULL,
    author           TEXT NOT NULL,
    description      TEXT NOT NULL,
    cover_image      TEXT NOT NULL,
    price_cents      INTEGER NOT NULL CHECK (price_cents > 0),
    rating           DOUBLE PRECISION NOT NULL CHECK (rating >= 0 AND rating <= 5),
    is_new_release   BOOLEAN NOT NULL,
    category_id      TEXT NOT NULL REFERENCES categories (id),
    pages            INTEGER NOT NULL,
    isbn             TEXT NOT NULL UNIQUE,
    publication_date TEXT NOT NULL
);
CREATE INDEX books_category ON books (category_id);

INSERT INTO categories (id, name, description, position) VALUES
('fiction', 'Fiction', 'Stories of friendship, courage and everyday wonder, told with Siso, Nainni, Lizzie and FeeFee.', 1),
('non-fiction', 'Non-Fiction', 'True facts about animals, nature and the world, explained so that curious minds keep asking why.', 2),
('mystery', 'Mystery & Thriller', 'Gentle puzzles and clues to follow, with just enough suspense for a bedtime read.', 3),
('fantasy', 'Fantasy & Sci-Fi', 'Magic, faraway worlds and stars within reach: adventures where anything can happen.', 4),
('romance', 'Romance', 'Warm tales of love in all its forms: family, friends and the people who make us feel at home.', 5),
('self-help', 'Self-Help', 'Little books about big feelings: bravery, kindness, patience and growing up confident.', 6),
('education', 'Education', 'Learn letters, numbers and new words through play, rhyme and colourful pictures.', 7),
('children', 'Children''s Books', 'Picture books and first chapter books chosen for young readers and the grown-ups who read with them.', 8);

INSERT INTO books (id, title, author, description, cover_image, price_cents, rating, is_new_release, category_id, pages, isbn, publication_date) VALUES
(1, 'Siso and the Stripe That Got Away', 'Amara Okafor',
 'One morning Siso the tiger wakes up to find that one of his stripes has wandered off. Together with his friends he follows a trail of tiny orange footprints through the jungle, and learns that the things that make us different are the things worth keeping.',
 '/covers/book-1.svg', 1499, 4.8, TRUE, 'fiction', 32, '978-1-915842-01-5', '2025-09-12'),
(2, 'Nainni Counts the Carrots', 'Priya Raman',
 'Nainni the rabbit has planted a garden, and every day there is something new to count: carrots, ladybirds, raindrops and friends who come to help. A real first book of numbers from one to twenty, with counting games on every page.',
 '/covers/book-2.svg', 1299, 4.6, FALSE, 'non-fiction', 28, '978-1-915842-02-2', '2023-03-21'),
(3, 'Our First Adventure', 'Hannah Lindqvist',
 'A magical journey where you choose what happens next! Siso, Nainni, Lizzie and FeeFee set off to find the Rainbow Lake, and at every turn the reader decides: the dark forest or the singing river? Twelve different endings mean the adventure is new every night.',
 '/covers/book-3.svg', 1999, 4.9, TRUE, 'fantasy', 64, '978-1-915842-03-9', '2025-11-04'),
(4, 'Lizzie and the Case of the Missing Sun Hat', 'Tomás Ferreira',
 'Lizzie the lizard loves lying in the sun, but her favourite straw hat has vanished. With a magnifying glass and a notebook she questions every friend in the valley. Young detectives can spot the clues hidden in the pictures before Lizzie does.',
 '/covers/book-4.svg', 1399, 4.5, FALSE, 'mystery', 40, '978-1-915842-04-6', '2024-06-18'),
(5, 'FeeFee Is Brave Enough', 'Grace Mwangi',
 'FeeFee the elephant is the biggest animal in the savanna, yet she is afraid of the dark, of thunder and of saying hello first. A tender story about naming big feelings, taking small brave steps and asking friends for help.',
 '/covers/book-5.svg', 1599, 4.7, FALSE, 'self-help', 36, '978-1-915842-05-3', '2024-02-09'),
(6, 'The Night the Stars Fell into the Pond', 'Oliver Bennett',
 'When the stars tumble out of the sky and land in Nainni''s pond, the four friends must carry each one back up the tallest hill before sunrise. A glowing bedtime fantasy about teamwork, wonder and the quiet magic of night.',
 '/covers/book-6.svg', 1699, 4.8, TRUE, 'fantasy', 48, '978-1-915842-06-0', '2026-01-15'),
(7, 'Kind Words, Warm Hearts', 'Amara Okafor',
 'Siso learns that a kind word can travel further than the loudest roar. Ten short stories, each ending with a question to talk about together, help children practise kindness, sharing and saying sorry.',
 '/covers/book-7.svg', 1299, 4.4, FALSE, 'self-help', 44, '978-1-915842-07-7', '2023-10-02'),
(8, 'Where Do Elephants Sleep?', 'Dr. Leila Haddad',
 'FeeFee answers the questions children ask most about animals: where elephants sleep, why tigers have stripes, how lizards keep warm and how fast a rabbit can run. Real facts and lifelike illustrations for young explorers.',
 '/covers/book-8.svg', 1799, 4.6, FALSE, 'non-fiction', 56, '978-1-915842-08-4', '2024-09-30'),
(9, 'The Mystery of the Whispering Library', 'Tomás Ferreira',
 'Someone is whispering between the shelves of the old library after dark. Lizzie and Nainni tiptoe in with a torch to find out who, and discover a secret that every book lover will cheer. A first chapter book in six short parts.',
 '/covers/book-9.svg', 1899, 4.7, TRUE, 'mystery', 96, '978-1-915842-09-1', '2025-05-27'),
(10, 'Nainni''s Garden Party', 'Priya Raman',
 'Nainni wants to throw the best garden party ever, but the cake is flat, the lanterns are tangled and it starts to rain. With a little help from her friends, she finds that the best parties are about who comes, not how perfect it looks.',
 '/covers/book-10.svg', 1549, 4.5, FALSE, 'fiction', 32, '978-1-915842-10-7', '2024-04-22');
