package org.idempotencylab.scenario;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;

/**
 * Where each field and item of a parsed file is, numbered depth-first as written: scenario and lesson files list
 * their problems in this order, so a person reads them top to bottom with the file.
 */
final class FileOrder {
    private final Map<String, Integer> order = new HashMap<>();
    private final int depth;

    /**
     * @param root  the parsed file
     * @param depth how deep a checked path goes (deeper values are numbered with the field that holds them)
     */
    FileOrder(JsonNode root, int depth) {
        this.depth = depth;
        number(root, "", 0);
    }

    private void number(JsonNode n, String path, int at) {
        order.putIfAbsent(path, order.size());
        if (at == depth) {
            return;
        }
        if (n.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> it = n.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                number(e.getValue(), child(path, e.getKey()), at + 1);
            }
        } else if (n.isArray()) {
            for (int i = 0; i < n.size(); i++) {
                number(n.get(i), path + "[" + i + "]", at + 1);
            }
        }
    }

    /** @return where {@code path} (or, for a missing field, the object it is missing from) is in the file */
    int position(String path) {
        for (String p = path; !p.isEmpty(); ) {
            Integer at = order.get(p);
            if (at != null) {
                return at;
            }
            int cut = Math.max(p.lastIndexOf('.'), p.lastIndexOf('['));
            p = cut < 0 ? "" : p.substring(0, cut);
        }
        return -1;
    }

    /** @return {@code key}'s path under {@code path}: a plain name as it is, any other quoted and shortened */
    static String child(String path, String key) {
        String name = key.matches("[A-Za-z0-9_$][A-Za-z0-9_$-]{0,59}") ? key : ScenarioJson.quote(key);
        return path.isEmpty() ? name : path + "." + name;
    }
}
