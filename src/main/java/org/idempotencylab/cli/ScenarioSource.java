package org.idempotencylab.cli;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.InvalidPathException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.idempotencylab.engine.Metric;
import org.idempotencylab.scenario.NotRegularFileException;
import org.idempotencylab.scenario.ParameterException;
import org.idempotencylab.scenario.Presets;
import org.idempotencylab.scenario.ScenarioFile;
import org.idempotencylab.scenario.ScenarioFileException;
import org.idempotencylab.scenario.ScenarioFiles;

/**
 * Where a headless command takes a whole scenario from: a scenario file ({@code --scenario FILE}, or {@code check}'s
 * FILE) or a built-in preset by name ({@code --preset lost-reply}: its file name without {@code .json}). Read
 * through the same {@link ScenarioFiles} as the window's File ▸ Open, so a file the window opens runs here and a
 * bad one gets the same message, with the file's path in front.
 */
final class ScenarioSource {
    /** Most characters of the system's reason a file cannot be read: its own words, not a value typed. */
    private static final int SYSTEM_REASON_AT_MOST = 200;

    static final ScenarioFiles FILES = new ScenarioFiles(Metric.watchNames());

    private ScenarioSource() {
    }

    /**
     * @param option how the command line named the file, e.g. {@code --scenario}, for the message
     * @return the file's scenario
     * @throws IllegalArgumentException a file that cannot be read (one line), or the problems it holds, one a
     *                                  line (up to {@link ScenarioFileException#LIMIT}, then a line counting the
     *                                  rest), each with the file in front, e.g.
     *                                  "{@code design.json: scenario.pFail: 1.5 is outside the allowed range 0 to 1}"
     */
    static ScenarioFile file(String option, String file) {
        return read(option, file, FILES::read);
    }

    /** Reads one file of a kind: a scenario file ({@link ScenarioFiles#read}) or a lesson file. */
    @FunctionalInterface
    interface PathReader<T> {
        T read(Path path) throws IOException;
    }

    /**
     * @param option how the command line named the file, e.g. {@code --lesson}, for the message
     * @param file   the file's name as given
     * @return what {@code reader} reads from it
     * @throws IllegalArgumentException as {@link #file}: one line for a file that cannot be read (its name
     *                                  {@linkplain ParameterException#shortened shortened}, control characters
     *                                  escaped), or one line per problem it holds with the file in front
     */
    static <T> T read(String option, String file, PathReader<T> reader) {
        String shown = ParameterException.shortened(file);
        if (file.isBlank()) {
            throw new IllegalArgumentException(option + ": a file name is needed");
        }
        try {
            return reader.read(Path.of(file));
        } catch (InvalidPathException e) {
            throw new IllegalArgumentException(option + ": " + shown + " is not a file name this system takes");
        } catch (NoSuchFileException e) {
            throw new IllegalArgumentException(option + ": " + shown + ": no such file");
        } catch (NotRegularFileException e) {
            throw new IllegalArgumentException(option + ": " + shown + " is " + e.getReason());
        } catch (ScenarioFileException e) {
            // one line per problem, each with the file in front, as a compiler names its errors
            throw new IllegalArgumentException(String.join("\n", e.lines().stream().map(l -> shown + ": " + l)
                    .toList()));
        } catch (IOException e) {
            String why = e instanceof AccessDeniedException ? "permission denied"
                    : e instanceof FileSystemException f && f.getReason() != null ? f.getReason() : e.getMessage();
            // the system's words, whole (a symbolic link loop's reason is 81 characters), escaped, capped as a
            // library's message is
            throw new IllegalArgumentException(option + ": " + shown + " cannot be read: "
                    + ParameterException.shortened(String.valueOf(why), SYSTEM_REASON_AT_MOST));
        }
    }

    /**
     * @param name a preset's file name without {@code .json} (with it also works), e.g. {@code lost-reply}
     * @return the built-in preset
     * @throws IllegalArgumentException naming the presets there are
     */
    static ScenarioFile preset(String name) {
        String fileName = name.strip().endsWith(".json") ? name.strip() : name.strip() + ".json";
        if (!Presets.names().contains(fileName)) {
            throw new IllegalArgumentException("--preset: " + ParameterException.quoted(name.strip())
                    + " is not a built-in preset; 'idempotency-lab presets' lists them");
        }
        return new Presets(FILES).load(fileName);
    }

    /** @return the preset's name on the command line: its file name without {@code .json}. */
    static String presetName(String fileName) {
        return fileName.endsWith(".json") ? fileName.substring(0, fileName.length() - 5) : fileName;
    }

    /**
     * @return {@code --scenario FILE} or {@code --preset NAME}, whichever was given, or null for neither
     * @throws IllegalArgumentException if both were given, or the one given cannot be read
     */
    static ScenarioFile either(String file, String preset) {
        if (file != null && preset != null) {
            throw new IllegalArgumentException("--preset: give --scenario FILE or --preset NAME, not both");
        }
        return file != null ? file("--scenario", file) : preset != null ? preset(preset) : null;
    }
}
