package org.idempotencylab.engine;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import org.idempotencylab.scenario.Scenario;
import org.idempotencylab.scenario.Strategy;

/**
 * A 128-bit fingerprint of everything a {@link SignupSimulation} holds between two events: the explorer's "state"
 * (Java PathFinder's heap canonicalisation, in small). It walks the object graph from the simulation by reflection,
 * so a field added to any part is part of the state without anyone remembering to add it; objects are numbered in
 * the order they are first met, so two graphs that share the same objects in the same way digest alike.
 *
 * <p>Left out, because they never change what happens next: the scenario and strategy (the same in every run of
 * one exploration), listeners, the run control, the fault chooser, and the simulator's running counters (its
 * next sequence number, events fired). The simulator's pending events are fed in the order they will run with a
 * rank in place of their sequence numbers, and unordered collections (hash maps and sets, priority queues) in a
 * sorted order, so the history that filled them does not matter where their contents do not.
 *
 * <p>Sound rather than complete: two states with the same digest have the same future (up to a 2^-128 chance),
 * while two equal states reached differently may still digest apart (stale slots in an array, a counter of
 * names handed out), which only costs the explorer a state explored twice. The explorer's tests check soundness
 * by exploring with and without it and comparing every count.
 */
final class StateDigest {
    private static final ClassValue<Field[]> FIELDS = new ClassValue<>() {
        @Override
        protected Field[] computeValue(Class<?> type) {
            List<Field> all = new ArrayList<>();
            for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
                for (Field f : c.getDeclaredFields()) {
                    if (!Modifier.isStatic(f.getModifiers())) {
                        f.setAccessible(true);
                        all.add(f);
                    }
                }
            }
            return all.toArray(Field[]::new);
        }
    };

    private final IdentityHashMap<Object, Integer> seen = new IdentityHashMap<>();
    private long h1;
    private long h2;

    /** The fingerprint: two independent 64-bit hashes. */
    record Key(long a, long b) {
    }

    /**
     * @param sim   the simulation, between two events (never from inside one: a method's local variables are not
     *              part of what is walked)
     * @param extra further numbers that belong to the state (the explorer's faults left)
     * @return the fingerprint
     * @throws IllegalStateException if the graph holds a type the walk does not know how to read
     */
    Key of(SignupSimulation sim, long... extra) {
        seen.clear();
        h1 = 0x243F6A8885A308D3L;
        h2 = 0x13198A2E03707344L;
        for (long x : extra) {
            mix(x);
        }
        walk(sim);
        return new Key(h1, h2);
    }

    private void mix(long v) {
        h1 = fmix(h1 ^ v) + 0x9E3779B97F4A7C15L;
        h2 = fmix(h2 + v * 0xC2B2AE3D27D4EB4FL) ^ (h1 >>> 17);
    }

    /** MurmurHash3's 64-bit finaliser. */
    private static long fmix(long k) {
        k ^= k >>> 33;
        k *= 0xFF51AFD7ED558CCDL;
        k ^= k >>> 33;
        k *= 0xC4CEB9FE1A85EC53L;
        k ^= k >>> 33;
        return k;
    }

    private void walk(Object o) {
        if (o == null) {
            mix(0x6E756C6CL);
            return;
        }
        if (leftOut(o)) {
            mix(0x736B6970L);
            return;
        }
        Class<?> type = o.getClass();
        // values digest by what they hold, shared or not
        if (o instanceof String s) {
            mix(0x73747200L + s.length());
            for (int i = 0; i < s.length(); i++) {
                mix(s.charAt(i));
            }
            return;
        }
        if (o instanceof Number || o instanceof Boolean || o instanceof Character) {
            mix(type.getName().hashCode());
            mix(o instanceof Number n ? Double.doubleToLongBits(n.doubleValue()) ^ n.longValue() : o.hashCode());
            return;
        }
        if (o instanceof Enum<?> e) {
            mix(e.getDeclaringClass().getName().hashCode());
            mix(e.ordinal());
            return;
        }
        Integer id = seen.get(o);
        if (id != null) {
            mix(0x72656600L + id);
            return;
        }
        seen.put(o, seen.size());
        mix(type.getName().hashCode());
        if (type.isArray()) {
            array(o);
        } else if (o instanceof Simulator s) {
            simulator(s);
        } else if (o instanceof PriorityQueue<?> q) {
            prioritised(q);
        } else if (o instanceof Map<?, ?> m) {
            map(m);
        } else if (o instanceof Collection<?> c) {
            collection(c);
        } else if (isJdk(type)) {
            if (!type.isHidden()) {
                throw new IllegalStateException("the state digest cannot read a " + type.getName());
            }
            mix(0x6C616D62L); // a JDK-made lambda (a comparator): its behaviour is the same in every run
        } else {
            fields(o, type);
        }
    }

    /** Things that never change what happens next, or belong to whoever drives the run. */
    private static boolean leftOut(Object o) {
        return o instanceof Scenario || o instanceof Strategy || o instanceof SimulationListener
                || o instanceof RunControl || o instanceof FaultChooser || o instanceof WorkflowSteps;
    }

    private static boolean isJdk(Class<?> type) {
        String n = type.getName();
        return n.startsWith("java.") || n.startsWith("jdk.") || n.startsWith("sun.");
    }

    private void fields(Object o, Class<?> type) {
        try {
            for (Field f : FIELDS.get(type)) {
                Class<?> t = f.getType();
                if (t == long.class) {
                    mix(f.getLong(o));
                } else if (t == int.class) {
                    mix(f.getInt(o));
                } else if (t == boolean.class) {
                    mix(f.getBoolean(o) ? 1 : 2);
                } else if (t == double.class) {
                    mix(Double.doubleToLongBits(f.getDouble(o)));
                } else if (t.isPrimitive()) {
                    Object v = f.get(o);
                    mix(v.hashCode());
                } else {
                    walk(f.get(o));
                }
            }
        } catch (IllegalAccessException e) {
            throw new IllegalStateException("the state digest cannot read " + type.getName(), e);
        }
    }

    private void array(Object o) {
        if (o instanceof long[] a) {
            mix(a.length);
            for (long x : a) {
                mix(x);
            }
        } else if (o instanceof int[] a) {
            mix(a.length);
            for (int x : a) {
                mix(x);
            }
        } else if (o instanceof byte[] a) {
            mix(a.length);
            for (byte x : a) {
                mix(x);
            }
        } else if (o instanceof boolean[] a) {
            mix(a.length);
            for (boolean x : a) {
                mix(x ? 1 : 2);
            }
        } else if (o instanceof double[] a) {
            mix(a.length);
            for (double x : a) {
                mix(Double.doubleToLongBits(x));
            }
        } else if (o instanceof Object[] a) {
            mix(a.length);
            for (Object x : a) {
                walk(x);
            }
        } else {
            throw new IllegalStateException("the state digest cannot read a " + o.getClass().getName());
        }
    }

    /** The clock and the pending events in the order they will run; not the counters that only grow. */
    private void simulator(Simulator s) {
        mix(s.nowMs());
        mix(s.pendingEvents());
        s.pendingInOrder((timeMs, rank, event) -> {
            mix(timeMs);
            mix(rank);
            walk(event);
        });
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private void prioritised(PriorityQueue<?> q) {
        List<Object> items = new ArrayList<>(q);
        Comparator c = q.comparator();
        items.sort(c != null ? c : (Comparator) Comparator.naturalOrder());
        mix(items.size());
        items.forEach(this::walk);
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private void map(Map<?, ?> m) {
        List<Map.Entry<?, ?>> entries = new ArrayList<>(m.entrySet());
        if (sortable(m.keySet())) {
            entries.sort((a, b) -> ((Comparable) a.getKey()).compareTo(b.getKey()));
        }
        mix(entries.size());
        for (Map.Entry<?, ?> e : entries) {
            walk(e.getKey());
            walk(e.getValue());
        }
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private void collection(Collection<?> c) {
        List<Object> items = new ArrayList<>(c);
        if (c instanceof java.util.Set<?> && sortable(c)) {
            items.sort((a, b) -> ((Comparable) a).compareTo(b));
        }
        mix(items.size());
        items.forEach(this::walk);
    }

    /** @return true if every element is a String, or every element a Long: a hash container sorted by them */
    private static boolean sortable(Collection<?> keys) {
        Class<?> first = null;
        for (Object k : keys) {
            if (!(k instanceof String || k instanceof Long)) {
                return false;
            }
            if (first == null) {
                first = k.getClass();
            } else if (k.getClass() != first) {
                return false;
            }
        }
        return true;
    }
}
