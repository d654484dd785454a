package org.idempotencylab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.commonmark.Extension;
import org.commonmark.ext.heading.anchor.HeadingAnchorExtension;
import org.commonmark.node.Image;
import org.commonmark.node.Link;
import org.commonmark.node.Node;
import org.commonmark.parser.Parser;
import org.commonmark.renderer.html.HtmlRenderer;
import org.junit.jupiter.api.Test;

/**
 * The README is the front door and docs/ holds the rest: the README stays short, names every page of docs/, and no
 * relative link of the README or of a page of docs/ leads nowhere (a missing file, or a heading that is not there).
 * Headings are matched by the ids GitHub gives them (lower case, punctuation dropped, spaces as hyphens, "-1" on a
 * repeat), which commonmark's heading-anchor extension makes the same way.
 */
class DocsTest {
    /** The front door's size: what a reader takes in at once (the rest moved to docs/). */
    private static final int README_MAX_LINES = 250;

    private static final List<Extension> EXTENSIONS = List.of(HeadingAnchorExtension.create());
    private static final Parser PARSER = Parser.builder().extensions(EXTENSIONS).build();
    private static final HtmlRenderer HTML = HtmlRenderer.builder().extensions(EXTENSIONS).build();
    private static final Pattern HEADING_ID = Pattern.compile("<h[1-6] id=\"([^\"]*)\"");

    @Test
    void theReadmeIsAtMost250Lines() throws IOException {
        int lines = Files.readAllLines(Path.of("README.md")).size();
        assertTrue(lines <= README_MAX_LINES, "README.md has " + lines + " lines; move the detail to a page of docs/");
    }

    @Test
    void theReadmeLinksEveryPageOfDocs() throws IOException {
        Set<Path> linked = new HashSet<>();
        for (String target : links(Path.of("README.md"))) {
            linked.add(Path.of(target.replaceFirst("#.*", "")).normalize());
        }
        Set<String> missing = new TreeSet<>();
        for (Path page : markdownPages()) {
            if (!page.equals(Path.of("README.md")) && !linked.contains(page)) {
                missing.add(page.toString());
            }
        }
        assertEquals(Set.of(), missing, "pages of docs/ the README does not link");
    }

    @Test
    void everyRelativeLinkLeadsToAFileAndHeadingThatExist() throws IOException {
        List<String> broken = new ArrayList<>();
        for (Path page : markdownPages()) {
            for (String target : links(page)) {
                if (isExternal(target)) {
                    continue;
                }
                String problem = problem(page, target);
                if (problem != null) {
                    broken.add(page + ": (" + target + ") " + problem);
                }
            }
        }
        assertEquals(List.of(), broken);
    }

    @Test
    void theLinkCheckFindsAMissingFileAndAMissingHeading() throws IOException {
        // the check itself: a page that is not there and a heading that is not on an existing page are both broken
        Path readme = Path.of("README.md");
        assertEquals("no such file: docs/no-such-page.md", problem(readme, "docs/no-such-page.md"));
        assertEquals("no heading with the id \"no-such-heading\" in docs/command-line.md",
                problem(readme, "docs/command-line.md#no-such-heading"));
        // "On a real database (`--db`)": punctuation dropped, each space a hyphen, as on GitHub
        assertEquals(null, problem(readme, "docs/durable-path.md#on-a-real-database---db"));
    }

    /**
     * The installer's packages carry {@code installer.version} (jpackage takes numbers only) and {@code --version}
     * prints the project's version; installing.md says the one is the other without "-SNAPSHOT", so they move
     * together.
     */
    @Test
    void theInstallersVersionIsTheProjectsWithoutSnapshot() throws IOException {
        String pom = Files.readString(Path.of("pom.xml"));
        Matcher project = Pattern.compile("<artifactId>idempotency-lab</artifactId>\\s*<version>([^<]+)</version>")
                .matcher(pom);
        assertTrue(project.find(), "the pom's own version");
        Matcher installer = Pattern.compile("<installer.version>([^<]+)</installer.version>").matcher(pom);
        assertTrue(installer.find(), "the pom's installer.version");
        assertEquals(project.group(1).replaceFirst("-SNAPSHOT$", ""), installer.group(1));
    }

    /** Why the link is broken, or null when its file (and heading, if it names one) exists. */
    private static String problem(Path page, String target) throws IOException {
        int hash = target.indexOf('#');
        String file = hash < 0 ? target : target.substring(0, hash);
        Path resolved = file.isEmpty() ? page : resolve(page, file);
        if (!Files.exists(resolved)) {
            return "no such file: " + resolved;
        }
        if (hash < 0) {
            return null;
        }
        String anchor = target.substring(hash + 1);
        if (!resolved.toString().endsWith(".md") || headingIds(resolved).contains(anchor)) {
            return null;
        }
        return "no heading with the id \"" + anchor + "\" in " + resolved;
    }

    private static Path resolve(Path page, String file) {
        String decoded = URI.create(file.replace(" ", "%20")).getPath();
        Path dir = page.getParent() == null ? Path.of("") : page.getParent();
        return dir.resolve(decoded).normalize();
    }

    private static boolean isExternal(String target) {
        return target.matches("^[a-zA-Z][a-zA-Z0-9+.-]*:.*");
    }

    /** README.md and every docs/*.md, as paths relative to the project. */
    private static List<Path> markdownPages() throws IOException {
        List<Path> pages = new ArrayList<>(List.of(Path.of("README.md")));
        try (Stream<Path> docs = Files.list(Path.of("docs"))) {
            docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(pages::add);
        }
        return pages;
    }

    /** Every link and image target of the page, in order (code blocks and code spans hold none). */
    private static List<String> links(Path page) throws IOException {
        List<String> targets = new ArrayList<>();
        Node node = PARSER.parse(Files.readString(page, StandardCharsets.UTF_8));
        collect(node, targets);
        return targets;
    }

    private static void collect(Node node, List<String> targets) {
        if (node instanceof Link link) {
            targets.add(link.getDestination());
        } else if (node instanceof Image image) {
            targets.add(image.getDestination());
        }
        for (Node child = node.getFirstChild(); child != null; child = child.getNext()) {
            collect(child, targets);
        }
    }

    private static Set<String> headingIds(Path page) throws IOException {
        String html = HTML.render(PARSER.parse(Files.readString(page, StandardCharsets.UTF_8)));
        Set<String> ids = new HashSet<>();
        Matcher m = HEADING_ID.matcher(html);
        while (m.find()) {
            ids.add(m.group(1));
        }
        return ids;
    }
}
