package org.idempotencylab.scenario;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The built-in scenario files: {@code assets/scenarios/*.json} on the classpath, inside the
 * jar too, in the teaching order that {@code assets/scenarios/index.json} lists (a JSON list of file names).
 */
public final class Presets {
    /** Where the presets lie on the classpath. */
    public static final String FOLDER = "assets/scenarios/";
    /** The index: a JSON list of the preset file names, in teaching order. */
    public static final String INDEX = FOLDER + "index.json";

    private final ScenarioFiles files;

    /** @param files the reader every preset goes through, so a preset is checked as any scenario file is */
    public Presets(ScenarioFiles files) {
        this.files = files;
    }

    /** One preset: its file name (e.g. {@code lost-reply.json}) and its content. */
    public record Preset(String fileName, ScenarioFile file) {
    }

    /**
     * Reads every preset the index lists, each validated as any scenario file is.
     *
     * @return the presets in teaching order
     * @throws UncheckedIOException if the index or a preset is missing from the classpath
     * @throws IllegalStateException        if a preset is invalid (a build mistake; PresetTest reads every one)
     */
    public List<Preset> list() {
        List<Preset> out = new ArrayList<>();
        for (String name : names()) {
            out.add(new Preset(name, load(name)));
        }
        return List.copyOf(out);
    }

    /** @return the file names the index lists, in its order. */
    public static List<String> names() {
        try (InputStream in = open(INDEX)) {
            JsonNode index = new ObjectMapper().readTree(in);
            List<String> names = new ArrayList<>();
            for (JsonNode n : index) {
                names.add(n.asText());
            }
            return List.copyOf(names);
        } catch (IOException e) {
            throw new UncheckedIOException(INDEX + ": " + e.getMessage(), e);
        }
    }

    /**
     * @param fileName a preset's file name, e.g. {@code lost-reply.json}
     * @return that preset
     * @throws UncheckedIOException if it is missing from the classpath
     * @throws IllegalStateException        if it is not a valid scenario file
     */
    public ScenarioFile load(String fileName) {
        try (Reader in = new InputStreamReader(open(FOLDER + fileName), StandardCharsets.UTF_8)) {
            return files.read(in);
        } catch (IOException e) {
            throw new UncheckedIOException(FOLDER + fileName + ": " + e.getMessage(), e);
        } catch (ScenarioFileException e) {
            throw new IllegalStateException(FOLDER + fileName + ": " + e.getMessage(), e);
        }
    }

    private static InputStream open(String resource) throws IOException {
        InputStream in = Presets.class.getClassLoader().getResourceAsStream(resource);
        if (in == null) {
            throw new IOException("not found on the classpath");
        }
        return in;
    }
}
